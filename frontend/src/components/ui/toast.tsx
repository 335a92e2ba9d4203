//! Radix toast primitives styled for Atelier (dark surface, destructive variant in red).
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '@/lib/utils';
import type { ToastVariant } from './use-toast';

export const ToastProvider = ToastPrimitive.Provider;

/**
 * Where toasts show: never over the controls of a page's header or of the navigation. On a
 * phone, centred near the bottom, above the tab bar (57 px) and the controls pinned just over it
 * (the chat's composer, Home's create button: 5 rem more); from 1024 px (no tab bar), in the
 * bottom-right corner, as high above the bottom as the composer and the create button reach.
 * The empty viewport lets clicks through; only a toast itself takes them.
 */
export function ToastViewport({ className, ...props }: ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        'pointer-events-none fixed inset-x-0 bottom-[calc(57px+5rem+env(safe-area-inset-bottom))] z-[100] mx-auto flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4 outline-none lg:bottom-20 lg:left-auto lg:mx-0',
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-white/10 bg-zinc-900 text-zinc-50',
  destructive: 'border-red-500/60 bg-red-950 text-red-50',
};

export function Toast({
  className,
  variant = 'default',
  ...props
}: ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      data-variant={variant}
      className={cn(
        'toast group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-2xl',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentPropsWithoutRef<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentPropsWithoutRef<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        'absolute top-2 right-2 grid size-8 place-items-center rounded-md opacity-70 hover:opacity-100 focus-visible:opacity-100',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}
