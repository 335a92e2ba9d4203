//! A private profile you do not follow (issue 20): in place of its posts, reels and saved tabs,
//! a lock and 'This account is private', with a line saying how to see more (or that your
//! request waits). The page fetches none of those lists meanwhile.
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { PRIVATE_PROFILE_TEXT as TEXT } from '../privacy-text';

export function PrivateAccountNotice({ isRequested }: { isRequested: boolean }) {
  const title = useId();
  return (
    <section
      aria-labelledby={title}
      className="mx-4 mt-6 flex flex-col items-center border-t border-white/10 px-6 pt-10 pb-12 text-center"
    >
      <div className="mb-3 grid size-16 place-items-center rounded-full border-2 border-zinc-300 text-zinc-200">
        <Lock aria-hidden="true" className="size-7" />
      </div>
      <h2 id={title} className="text-base font-semibold text-white">
        {TEXT.title}
      </h2>
      <p className="mt-1 max-w-xs text-sm text-zinc-400">{isRequested ? TEXT.requested : TEXT.follow}</p>
    </section>
  );
}
