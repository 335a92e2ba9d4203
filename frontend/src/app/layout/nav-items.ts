//! The main navigation's destinations (spec 001 §2), shared by the phone's bottom bar and the
//! desktop's side navigation: 5 tabs, Admin for admins, then the profile and Logout.
import { Compass, Film, Home, MessageCircle, Shield, ShoppingBag, type LucideIcon } from 'lucide-react';
import type { TabId } from './active-tab';

export interface NavTab {
  id: TabId;
  href: string;
  label: string;
  icon: LucideIcon;
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

export function profileHref(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}
