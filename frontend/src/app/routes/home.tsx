import { Avatar } from '@/components/ui/avatar';
import { useCurrentUser } from '@/lib/auth';

/** A small welcome for now; the dashboard of spec 000 §2 replaces it. */
export default function HomePage() {
  const user = useCurrentUser();
  return (
    <main className="px-4 pt-8 pb-6">
      <section className="rounded-3xl border border-white/10 bg-zinc-900/70 p-6 text-center">
        <Avatar src={user.profileImageUrl} name={user.displayName} className="mx-auto size-20 text-3xl" />
        <h1 className="mt-4 text-2xl font-semibold text-white">Welcome, {user.displayName}</h1>
        <p className="mt-1 text-sm text-zinc-400">@{user.username}</p>
        <dl className="mt-6 grid grid-cols-3 gap-2">
          {[
            ['Posts', user.postsCount],
            ['Followers', user.followersCount],
            ['Following', user.followingCount],
          ].map(([label, value]) => (
            <div key={label} className="flex flex-col-reverse rounded-2xl bg-white/[0.04] py-3">
              <dt className="text-xs text-zinc-400">{label}</dt>
              <dd className="text-lg font-semibold text-white">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </main>
  );
}
