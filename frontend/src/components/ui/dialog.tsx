//! Radix dialog styled for Atelier: a dark sheet centred in the column; Radix traps focus and
//! closes on Escape. On close, focus goes back to what opened it (issue 43), also when that was a
//! menu item, gone by then: to the button that opened the menu.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/utils';

type ContentProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Content>;

/**
 * The last element focused outside any menu: a menu's button gets focus when it opens the menu,
 * so this is where a dialog opened from a menu item (unmounted with its menu) sends focus back.
 */
let lastFocusOutsideMenu: HTMLElement | null = null;

// A module runs once, so this listener is added once.
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest('[role="menu"]')) lastFocusOutsideMenu = target;
  });
}

/**
 * The element a dialog is opened from: the focused one; for a menu's item, the button that opened
 * the menu (a click on it does not focus it); with nothing focused, the last one outside a menu.
 */
function openerNow(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return lastFocusOutsideMenu;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (!menu) return active;
  const trigger = menu.id ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) : null;
  return trigger ?? lastFocusOutsideMenu;
}

/**
 * Remembers the opener as the dialog opens and focuses it again as it closes, unless the
 * caller's own `onCloseAutoFocus` placed focus (prevented the default) or the opener is gone.
 */
function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: Pick<ContentProps, 'onOpenAutoFocus' | 'onCloseAutoFocus'>) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Called before focus moves into the dialog.
      opener.current = openerNow();
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: ContentProps) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-[448px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-zinc-900 p-5 text-zinc-100 shadow-2xl focus:outline-none',
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-2 right-2 grid size-11 place-items-center rounded-full text-zinc-400 hover:bg-white/5 hover:text-white"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentPropsWithoutRef<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-10 text-lg font-semibold text-white', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('mt-1 text-sm text-zinc-400', className)} {...props} />;
}

/**
 * A dialog that covers the screen (the story viewer): black, the column's width on wide
 * screens, no built-in close button (the content brings its own). Radix still traps focus and
 * closes on Escape.
 */
export function FullScreenDialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: ContentProps) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-0 z-50 mx-auto flex w-full max-w-[480px] flex-col bg-black text-white focus:outline-none',
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
