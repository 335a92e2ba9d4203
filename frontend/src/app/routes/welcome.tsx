//! /welcome (issue 41): the first run, after sign-up and while the user is not `onboarded`.
//! Three skippable steps, each from the feature it belongs to: a picture and a bio, the skills,
//! and people to follow. The router sends a new user here once per visit; they may leave.
import { FirstRun, type FirstRunStep } from '@/features/onboarding/components/first-run';
import { PictureAndBioStep, SkillsStep } from '@/features/users/components/first-run-steps';
import { PeopleToFollow } from '@/features/users/components/people-to-follow';
import { useCurrentUser } from '@/lib/auth';

export default function WelcomePage() {
  const me = useCurrentUser();
  const steps: FirstRunStep[] = [
    { title: 'Add a profile picture and bio', render: (next) => <PictureAndBioStep me={me} onNext={next} /> },
    { title: 'What do you make?', render: (next) => <SkillsStep me={me} onNext={next} /> },
    { title: 'People to follow', render: () => <PeopleToFollow showHeading={false} /> },
  ];
  return <FirstRun steps={steps} />;
}
