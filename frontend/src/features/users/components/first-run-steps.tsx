//! The first run's profile steps (issue 41), each saving through the profile's own calls: a
//! picture (uploaded as soon as it is picked, as on the profile) and a bio, then 'What do you
//! make?' with the five skills. 'Next' saves what changed and moves on; nothing changed, it just
//! moves on. The page around them owns 'Skip'.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import type { User } from '@/lib/auth';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarUpload } from './avatar-upload';
import { BIO_MAX } from './edit-profile-dialog';
import { inSkillOrder, SkillToggles, toggled } from './skill-toggles';

type Me = Pick<User, 'username' | 'displayName' | 'profileImageUrl'>;

function saveFailed() {
  toast({ variant: 'destructive', title: 'Error', description: 'Failed to update profile. Please try again.' });
}

/** What the steps start from: the saved bio and skills. */
type Saved = { bio: string | null; skills: string[] };

/** The step's form once the profile is known; without it (a failed read) it starts empty. */
function WithProfile({ me, children }: { me: Me; children: (saved: Saved) => ReactNode }) {
  const profile = useProfile(me.username);
  if (profile.isPending) return <Skeleton className="h-40 w-full rounded-2xl" />;
  return <>{children(profile.data ?? { bio: null, skills: [] })}</>;
}

function PictureAndBioForm({ me, profile, onNext }: { me: Me; profile: Saved; onNext: () => void }) {
  const id = useId();
  const [bio, setBio] = useState(profile.bio ?? '');
  const update = useUpdateProfile();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    if (bio.trim() === (profile.bio ?? '').trim()) {
      onNext();
      return;
    }
    update.mutate({ bio: bio.trim() }, { onSuccess: onNext, onError: saveFailed });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="flex justify-center">
        <AvatarUpload src={me.profileImageUrl} name={me.displayName} className="size-28" />
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
      <Button type="submit" disabled={update.isPending} className="w-full">
        Next
      </Button>
    </form>
  );
}

export function PictureAndBioStep({ me, onNext }: { me: Me; onNext: () => void }) {
  return <WithProfile me={me}>{(profile) => <PictureAndBioForm me={me} profile={profile} onNext={onNext} />}</WithProfile>;
}

function SkillsForm({ profile, onNext }: { profile: Saved; onNext: () => void }) {
  const [skills, setSkills] = useState<string[]>(profile.skills);
  const update = useUpdateProfile();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const chosen = inSkillOrder(skills);
    if (chosen.join() === inSkillOrder(profile.skills).join()) {
      onNext();
      return;
    }
    update.mutate({ skills: chosen }, { onSuccess: onNext, onError: saveFailed });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <fieldset>
        <legend className="sr-only">Skills</legend>
        <SkillToggles selected={skills} onToggle={(skill) => setSkills((current) => toggled(current, skill))} />
      </fieldset>
      <Button type="submit" disabled={update.isPending} className="w-full">
        Next
      </Button>
    </form>
  );
}

export function SkillsStep({ me, onNext }: { me: Me; onNext: () => void }) {
  return <WithProfile me={me}>{(profile) => <SkillsForm profile={profile} onNext={onNext} />}</WithProfile>;
}
