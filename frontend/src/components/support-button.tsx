//! 'Support' (issue 23): tips the creator of a post, a reel or a profile through the tip layer
//! (lib/tip-actions.tsx). Nothing is drawn for your own things, or outside the layer. Whoever
//! takes the payments, the dialog can take the card: Atelier's card form with the test provider,
//! Stripe's Payment Element with Stripe (docs/payments.md).
import { HandCoins } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { usePaymentsConfig } from '@/lib/payments-config';
import { useTipActions, type TipRecipient } from '@/lib/tip-actions';
import { cn } from '@/lib/utils';

export function SupportButton({
  recipient,
  postId,
  reelId,
  variant = 'icon',
  className,
  iconClassName,
  tabIndex,
}: {
  recipient: TipRecipient;
  postId?: number;
  reelId?: number;
  /** 'icon': a round icon button (a post's or reel's actions); 'button': a labelled one (a profile's). */
  variant?: 'icon' | 'button';
  className?: string;
  iconClassName?: string;
  tabIndex?: number;
}) {
  const actions = useTipActions();
  const tippable = actions !== null && actions.viewerId !== recipient.id;
  // Read ahead where the button shows (a layer to tip through, someone else's thing): the dialog
  // knows which card form to offer by the time it is opened.
  usePaymentsConfig({ enabled: tippable });
  if (!tippable) return null;
  const open = () => actions.tip({ recipient, postId, reelId });
  if (variant === 'icon') {
    return <IconButton label="Support" icon={HandCoins} className={className} iconClassName={iconClassName} tabIndex={tabIndex} onClick={open} />;
  }
  return (
    <Button variant="secondary" className={cn('min-w-0', className)} tabIndex={tabIndex} onClick={open}>
      <HandCoins aria-hidden="true" className="size-4" />
      Support
    </Button>
  );
}
