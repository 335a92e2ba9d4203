import { cn } from '@/lib/utils';
import { ORDERS_TEXT as TEXT } from '../orders-text';
import type { CheckoutStatus } from '../types';

const tones: Record<CheckoutStatus, string> = {
  paid: 'bg-emerald-500/15 text-emerald-300',
  failed: 'bg-red-500/15 text-red-300',
  expired: 'bg-zinc-500/20 text-zinc-300',
  pending_payment: 'bg-amber-500/15 text-amber-300',
  requires_action: 'bg-amber-500/15 text-amber-300',
};

/** Where an order stands, in words and a colour. */
export function OrderStatusBadge({ status, className }: { status: CheckoutStatus; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium', tones[status], className)}>
      {TEXT.status[status]}
    </span>
  );
}
