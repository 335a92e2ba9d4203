//! Quick Create: AI Art Generator goes to /create; New Project opens the create
//! chooser, which the page owns (it is the posts feature's dialog).
import { FolderPlus, Palette } from 'lucide-react';
import { Link } from 'wouter';

const tileClass =
  'flex min-h-24 flex-col items-start justify-between gap-2 rounded-2xl border border-white/10 p-4 text-left transition hover:brightness-110 active:scale-[0.98]';

export function QuickCreate({ onNewProject }: { onNewProject: () => void }) {
  return (
    <section aria-labelledby="quick-create-heading" className="space-y-3">
      <h2 id="quick-create-heading" className="text-lg font-semibold text-white">
        Quick Create
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <Link href="/create" className={`${tileClass} bg-gradient-to-br from-fuchsia-500/30 to-indigo-500/20`}>
          <Palette aria-hidden="true" className="size-6 text-fuchsia-200" />
          <span className="text-sm font-semibold text-white">AI Art Generator</span>
        </Link>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onNewProject}
          className={`${tileClass} bg-gradient-to-br from-sky-500/25 to-emerald-500/15`}
        >
          <FolderPlus aria-hidden="true" className="size-6 text-sky-200" />
          <span className="text-sm font-semibold text-white">New Project</span>
        </button>
      </div>
    </section>
  );
}
