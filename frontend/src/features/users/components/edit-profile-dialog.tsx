//! 'Edit Profile': display name, bio and the five skills (PATCH /api/user/profile).
import { Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { DISPLAY_NAME_MAX } from '@/lib/account-limits';
import type { Profile } from '@/types/social';
import { useUpdateProfile } from '../api/update-profile';
import { inSkillOrder, SkillToggles, toggled } from './skill-toggles';

export const BIO_MAX = 500;

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const id = useId();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio ?? '');
  const [skills, setSkills] = useState<string[]>(profile.skills);
  const update = useUpdateProfile();

  const toggle = (skill: string) => setSkills((current) => toggled(current, skill));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      // A blank display name falls back to the username (as at sign-up); a blank bio clears it.
      { displayName: displayName.trim(), bio: bio.trim(), skills: inSkillOrder(skills) },
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
        <SkillToggles selected={skills} onToggle={toggle} />
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
