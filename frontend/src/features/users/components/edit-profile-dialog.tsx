//! 'Edit Profile': display name, bio and the five skills (PATCH /api/user/profile).
import { Check, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { DISPLAY_NAME_MAX } from '@/lib/account-limits';
import { SKILLS } from '@/lib/skills';
import { cn } from '@/lib/utils';
import type { Profile } from '@/types/social';
import { useUpdateProfile } from '../api/update-profile';

export const BIO_MAX = 500;

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const id = useId();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio ?? '');
  const [skills, setSkills] = useState<string[]>(profile.skills);
  const update = useUpdateProfile();

  const toggle = (skill: string) =>
    setSkills((current) => (current.includes(skill) ? current.filter((s) => s !== skill) : [...current, skill]));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      // A blank display name falls back to the username (as at sign-up); a blank bio clears it.
      { displayName: displayName.trim(), bio: bio.trim(), skills: SKILLS.map((s) => s.id).filter((s) => skills.includes(s)) },
      {
        onSuccess: () => {
          toast({ title: 'Profile updated', description: 'Your profile has been saved.' });
          onDone();
        },
        onError: () =>
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to update profile. Please try again.' }),
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
        />
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
        />
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-zinc-300">Skills</legend>
        <div className="flex flex-wrap gap-2">
          {SKILLS.map((skill) => {
            const on = skills.includes(skill.id);
            return (
              <button
                key={skill.id}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(skill.id)}
                className={cn(
                  'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition',
                  on
                    ? 'border-fuchsia-400/70 bg-fuchsia-500/20 text-white'
                    : 'border-white/10 bg-white/5 text-zinc-300 hover:bg-white/10',
                )}
              >
                {on && <Check aria-hidden="true" className="size-4" />}
                {skill.name}
              </button>
            );
          })}
        </div>
      </fieldset>
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
