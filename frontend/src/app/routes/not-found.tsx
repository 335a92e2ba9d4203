import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <main className="grid place-items-center px-4 pt-24 text-center">
      <div>
        <h1 className="text-2xl font-semibold text-white">404 Page Not Found</h1>
        <Link href="/" className="mt-4 inline-flex min-h-11 items-center text-fuchsia-300 underline-offset-4 hover:underline">
          Back to home
        </Link>
      </div>
    </main>
  );
}
