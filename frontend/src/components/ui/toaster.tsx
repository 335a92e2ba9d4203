import { useEffect } from 'react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { showPendingFlashToast, TOAST_DURATION_MS, useToast } from './use-toast';

/** Renders the toast store: one toast at a time, 5 s, swipe right 50 px, F8 focuses it. */
export function Toaster() {
  const { toasts } = useToast();

  useEffect(() => {
    showPendingFlashToast();
  }, []);

  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, ...props }) => (
        <Toast key={id} variant={variant} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  );
}
