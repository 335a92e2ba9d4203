//! /canvas/{id} (issue 25): one canvas room full screen, given the users feature's search of
//! people you follow for its Invite.
import { ArrowLeft } from 'lucide-react';
import { Link, Redirect, useParams } from 'wouter';
import { CanvasRoom } from '@/features/canvas/components/canvas-room';
import { useFollowedSearch } from '@/features/users/hooks/use-followed-search';
import { useCurrentUser } from '@/lib/auth';

export default function CanvasPage() {
  const user = useCurrentUser();
  const params = useParams<{ id: string }>();
  const canvasId = Number(params.id);
  if (!(Number.isSafeInteger(canvasId) && canvasId > 0)) return <Redirect to="/" replace />;
  return (
    <main className="px-4 pt-4 pb-6">
      <section aria-labelledby="canvas-page-heading" className="space-y-4">
        <nav aria-label="Canvas" className="flex items-center gap-2">
          <Link
            href="/"
            aria-label="Back to home"
            className="grid size-11 shrink-0 place-items-center rounded-full text-zinc-300 hover:bg-white/5 hover:text-white"
          >
            <ArrowLeft aria-hidden="true" className="size-6" />
          </Link>
          <span id="canvas-page-heading" className="text-sm font-medium text-zinc-300">
            Live Collaboration Canvas
          </span>
        </nav>
        <CanvasRoom key={canvasId} canvasId={canvasId} meId={user.id} size="page" useFollowedSearch={useFollowedSearch} />
      </section>
    </main>
  );
}
