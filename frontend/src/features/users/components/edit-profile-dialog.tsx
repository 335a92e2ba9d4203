//! 'Edit Profile': display name, bio and the five skills (PATCH /api/user/profile).
import { Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FieldError, FormError } from '@/components/ui/form-messages';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { DISPLAY_NAME_MAX } from '@/lib/account-limits';
import { errorMessage, errorStatus } from '@/lib/api-client';
import type { Profile } from '@/types/social';
import { useUpdateProfile } from '../api/update-profile';
import { inSkillOrder, SkillToggles, toggled } from './skill-toggles';

export const BIO_MAX = 500;

/** A refused save: under the display name or the bio when the server's reason names one, else above Save. */
interface Refusal {
  field: 'name' | 'bio' | null;
  message: string;
}

const FAILED = 'Failed to update profile. Please try again.';

/** The server's 4xx reason, placed by the field it names; a failure with no reason is the spec's toast. */
function refusalOf(error: unknown): Refusal | null {
  const status = errorStatus(error);
  const message = errorMessage(error);
  if (message && status !== null && status >= 400 && status < 500) {
    const field = /^display name/i.test(message) ? 'name' : /^bio/i.test(message) ? 'bio' : null;
    return { field, message };
  }
  toast({ variant: 'destructive', title: 'Error', description: FAILED });
  return null;
}

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const id = useId();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio ?? '');
  const [skills, setSkills] = useState<string[]>(profile.skills);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const update = useUpdateProfile();
  const invalid = (field: Refusal['field']) => (refusal && refusal.field === field ? true : undefined);
  const describedBy = (field: 'name' | 'bio') => (refusal?.field === field ? `${id}-${field}-error` : undefined);

  const toggle = (skill: string) => setSkills((current) => toggled(current, skill));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    update.mutate(
      // A blank display name falls back to the username (as at sign-up); a blank bio clears it.
      { displayName: displayName.trim(), bio: bio.trim(), skills: inSkillOrder(skills) },
      {
        onSuccess: () => {
          toast({ title: 'Profile updated', description: 'Your profile has been saved.' });
          onDone();
        },
        onError: (error) => {
          const next = refusalOf(error);
          setRefusal(next);
          if (next?.field) document.getElementById(`${id}-${next.field}`)?.focus();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <div>
        <Label htmlFor={`${id}-name`}>Display Name</Label>
        <Input
          id={`${id}-name`}
          value={displayName}
          maxLength={DISPLAY_NAME_MAX}
          onChange={(e) => setDisplayName(e.target.value)}
          autoComplete="name"
          aria-invalid={invalid('name')}
          aria-describedby={describedBy('name')}
        />
        <FieldError id={`${id}-name-error`} message={refusal?.field === 'name' ? refusal.message : undefined} />
      </div>
      <div>
        <Label htmlFor={`${id}-bio`}>Bio</Label>
        <Textarea
          id={`${id}-bio`}
          value={bio}
          maxLength={BIO_MAX}
          rows={3}
          placeholder="Tell other creators about yourself"
          onChange={(e) => setBio(e.target.value)}
          aria-invalid={invalid('bio')}
          aria-describedby={describedBy('bio')}
        />
        <FieldError id={`${id}-bio-error`} message={refusal?.field === 'bio' ? refusal.message : undefined} />
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-zinc-300">Skills</legend>
        <SkillToggles selected={skills} onToggle={toggle} />
      </fieldset>
      <FormError message={refusal && !refusal.field ? refusal.message : null} />
      <Button type="submit" disabled={update.isPending} className="w-full">
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

export function EditProfileDialog({ profile, className }: { profile: Profile; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className={className}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit Profile
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Edit Profile</DialogTitle>
        <DialogDescription>How other creators see you.</DialogDescription>
        {/* Mounted only while open, so each opening starts from the saved profile. */}
        {open && <EditProfileForm profile={profile} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
