import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /forgot-password (issue 41): ask for a reset link. */
export default function ForgotPasswordPage() {
  return (
    <main className="px-4 pt-6">
      <ForgotPasswordForm />
    </main>
  );
}
