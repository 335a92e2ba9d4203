//! Settings → Account → 'Two-factor authentication' (issue 41). Off: 'Set up' opens the setup:
//! the password, then a QR code of the pending secret's otpauth:// URI and the secret itself in
//! groups of four ('Setup key', for typing into the app), then the app's first code turns it on
//! and the ten recovery codes show once ('Copy', 'I saved them'). On: 'Turn off' asks for the
//! password and a code.
import { useQueryClient } from '@tanstack/react-query';
import { Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, FormProblem } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { userQueryKey } from '@/lib/query-keys';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import type { TwoFactorSetup } from '../types';

const TITLE = 'Two-factor authentication';
const FALLBACK = 'Something went wrong. Please try again.';

/** The base32 secret as the app's "enter a key" screen wants it typed: groups of four. */
export function groupsOfFour(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

function PasswordStep({ onReady }: { onReady: (setup: TwoFactorSetup) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const setup = useSetupTwoFactor();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (setup.isPending) return;
    if (!password) {
      setProblem('Password is required');
      return;
    }
    setProblem(null);
    setup.mutate(password, { onSuccess: onReady, onError: (error) => setProblem(errorMessage(error) ?? FALLBACK) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <Field
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormProblem>{problem}</FormProblem>
      <Button type="submit" disabled={setup.isPending} className="w-full">
        Set up
      </Button>
    </form>
  );
}

function ScanStep({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const enable = useEnableTwoFactor();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (enable.isPending) return;
    const sent = code.replace(/\s/g, '');
    if (!sent) {
      setProblem('Please fill in all required fields');
      return;
    }
    setProblem(null);
    enable.mutate(sent, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => {
        setProblem(errorMessage(error) ?? FALLBACK);
        setCode('');
      },
    });
  };

  return (
    <div className="mt-4 space-y-4">
      <div
        role="img"
        aria-label="QR code for your authenticator app"
        className="mx-auto w-fit rounded-xl bg-white p-3"
      >
        <QRCodeSVG value={setup.otpauthUri} size={176} marginSize={0} />
      </div>
      <div>
        <p id={`${id}-key-label`} className="text-sm font-medium text-zinc-300">
          Setup key
        </p>
        <p
          aria-labelledby={`${id}-key-label`}
          data-testid="setup-key"
          className="mt-1 rounded-xl border border-white/10 bg-zinc-950 px-3 py-2 font-mono text-base tracking-wider break-all text-white select-all"
        >
          {groupsOfFour(setup.secret)}
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          id={`${id}-code`}
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <FormProblem>{problem}</FormProblem>
        <Button type="submit" disabled={enable.isPending} className="w-full">
          Verify
        </Button>
      </form>
    </div>
  );
}

function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Copied' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: FALLBACK });
    }
  };
  return (
    <div className="mt-4 space-y-4">
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-xl border border-white/10 bg-zinc-950 p-3 font-mono text-sm text-white">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copy
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}

type SetupStage = { step: 'password' } | { step: 'scan'; setup: TwoFactorSetup } | { step: 'codes'; codes: string[] };

function SetUpDialog() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<SetupStage>({ step: 'password' });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) return;
    // Turned on: only now may the row become 'Turn off' (it would have closed the codes).
    if (stage.step === 'codes') void queryClient.invalidateQueries({ queryKey: userQueryKey });
    setStage({ step: 'password' });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-full justify-start">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Set up
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{TITLE}</DialogTitle>
        <DialogDescription>
          {stage.step === 'password'
            ? 'Enter your password to start.'
            : stage.step === 'scan'
              ? 'Scan the QR code with your authenticator app, or type the setup key, then enter the 6-digit code it shows.'
              : 'Save these recovery codes. Each signs you in once if you lose your authenticator app.'}
        </DialogDescription>
        {open && stage.step === 'password' && <PasswordStep onReady={(setup) => setStage({ step: 'scan', setup })} />}
        {stage.step === 'scan' && <ScanStep setup={stage.setup} onEnabled={(codes) => setStage({ step: 'codes', codes })} />}
        {stage.step === 'codes' && <RecoveryCodesStep codes={stage.codes} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState({ password: '', code: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const disable = useDisableTwoFactor();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disable.isPending) return;
    const code = form.code.trim();
    if (!form.password || !code) {
      setProblem('Please fill in all required fields');
      return;
    }
    setProblem(null);
    disable.mutate(
      { password: form.password, code },
      {
        onSuccess: () => {
          toast({ title: 'Two-factor authentication is off' });
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error) ?? FALLBACK),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <Field
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
      />
      <Field
        id={`${id}-code`}
        label="Authentication code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={form.code}
        onChange={(e) => setForm((f) => ({ ...f, code: e.target.value }))}
      />
      <FormProblem>{problem}</FormProblem>
      <Button type="submit" variant="danger" disabled={disable.isPending} className="w-full">
        Turn off
      </Button>
    </form>
  );
}

function TurnOffDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-full justify-start">
          <ShieldOff aria-hidden="true" className="size-4" />
          Turn off
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{TITLE}</DialogTitle>
        <DialogDescription>Enter your password and a code from your authenticator app, or a recovery code.</DialogDescription>
        {open && <TurnOffForm onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

export function TwoFactorRow({ enabled }: { enabled: boolean }) {
  return (
    <div className="space-y-2 rounded-xl border border-white/10 bg-white/5 p-3">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-white">{TITLE}</h3>
        <span className={enabled ? 'text-xs font-semibold text-emerald-300' : 'text-xs text-zinc-400'}>{enabled ? 'On' : 'Off'}</span>
      </div>
      {enabled ? <TurnOffDialog /> : <SetUpDialog />}
    </div>
  );
}
