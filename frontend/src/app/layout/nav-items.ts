//! The main navigation's destinations, shared by the phone's bottom bar and the
//! desktop's side navigation: 5 tabs, Admin for admins, then the profile and Logout.
import { Bell, Compass, Film, Home, MessageCircle, Shield, ShoppingBag, type LucideIcon } from 'lucide-react';
import type { TabId } from './active-tab';

export interface NavTab {
  id: TabId;
  href: string;
  label: string;
  icon: LucideIcon;
}

/** What a bar's or the side navigation's link takes: a destination, whether it is the current one, and its unread count (a badge). */
export interface NavLinkProps {
  href: string;
  label: string;
  icon: LucideIcon;
  active: boolean;
  /** Unread messages or notifications, shown as a badge; none at 0. */
  count?: number;
}

export function navTabs(isAdmin: boolean): NavTab[] {
  return [
    { id: 'home', href: '/', label: 'Home', icon: Home },
    { id: 'explore', href: '/explore', label: 'Explore', icon: Compass },
    { id: 'chat', href: '/chat', label: 'Messages', icon: MessageCircle },
    { id: 'reels', href: '/reels', label: 'Reels', icon: Film },
    { id: 'shop', href: '/shop', label: 'Shop', icon: ShoppingBag },
    ...(isAdmin ? [{ id: 'admin' as const, href: '/admin', label: 'Admin', icon: Shield }] : []),
  ];
}

/** The side navigation's extra entry (issue 21): the phone reaches it by the home header's bell. */
export const notificationsTab: NavTab = { id: 'notifications', href: '/notifications', label: 'Notifications', icon: Bell };

export function profileHref(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}
