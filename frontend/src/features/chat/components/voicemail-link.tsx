import { Voicemail } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/** A round 44 px link to /voicemail (the chat header's voicemail button). */
export function VoicemailLink({ label, className }: { label: string; className?: string }) {
  return (
    <Link
      href="/voicemail"
      aria-label={label}
      className={cn('grid size-11 shrink-0 place-items-center rounded-full transition hover:bg-white/5 hover:text-white', className)}
    >
      <Voicemail aria-hidden="true" className="size-5" />
    </Link>
  );
}
