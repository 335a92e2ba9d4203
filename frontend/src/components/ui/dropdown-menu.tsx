//! Radix dropdown menu styled for Atelier: a dark panel beside its trigger. Radix moves focus
//! into it, walks the items with the arrow keys (Home, End, type-ahead), picks one with Enter or
//! Space, closes on Escape or a press outside and gives focus back to the trigger. Items are
//! 44 px tall at least.
import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/utils';

/**
 * Not modal: a modal menu hides the page from assistive technology with `aria-hidden` while its
 * buttons stay focusable, which axe fails as serious (aria-hidden-focus). Focus still moves into
 * the open menu and Escape or a press outside closes it.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentPropsWithoutRef<typeof DropdownMenuPrimitive.Root>) {
  return <DropdownMenuPrimitive.Root modal={modal} {...props} />;
}

export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;

export function DropdownMenuContent({
  className,
  align = 'end',
  sideOffset = 4,
  ...props
}: ComponentPropsWithoutRef<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          'z-50 min-w-52 max-w-[calc(100vw-1rem)] overflow-hidden rounded-xl border border-white/10 bg-zinc-900 p-1 text-zinc-100 shadow-2xl shadow-black/60 focus:outline-none',
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

/** One choice; `destructive` for what removes or cuts someone off (Block), in the alarm colour. */
export function DropdownMenuItem({
  className,
  destructive = false,
  ...props
}: ComponentPropsWithoutRef<typeof DropdownMenuPrimitive.Item> & { destructive?: boolean }) {
  return (
    <DropdownMenuPrimitive.Item
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-white/10 [&>svg]:size-4 [&>svg]:shrink-0',
        destructive ? 'text-rose-300 data-[highlighted]:text-rose-200' : 'text-zinc-100 data-[highlighted]:text-white',
        className,
      )}
      {...props}
    />
  );
}
