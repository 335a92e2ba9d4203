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
        <p className="mt-4 text-sm text-zinc-300">
          Member since {new Date(user.createdAt).toLocaleDateString()}
        </p>
      </section>
    </main>
  );
}
