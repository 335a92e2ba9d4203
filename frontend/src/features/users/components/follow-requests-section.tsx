//! Follow requests at the top of the Notifications page (issue 21): shown only while someone
//! waits, each row as on your profile's list (avatar and name linking to them, Approve and
//! Decline, optimistic), the first page only, the rest on your profile. `onAnswered` lets the
//! page refresh what an answer changes elsewhere (the request's notification goes with it).
import { useRef } from 'react';
import { useAnswerFollowRequest } from '../api/answer-follow-request';
import { useFollowRequests } from '../api/get-follow-requests';
import { FOLLOW_REQUESTS_TEXT as TEXT } from '../privacy-text';
import { RequestRow, type Answer } from './follow-requests-dialog';

export function FollowRequestsSection({ onAnswered }: { onAnswered?: () => void }) {
  const requests = useFollowRequests();
  const answer = useAnswerFollowRequest();
  const section = useRef<HTMLElement>(null);
  const items = requests.data?.pages[0]?.items ?? [];
  if (items.length === 0) return null;

  const onAnswer: Answer = (request, choice, row) => {
    // The answered row goes at once: focus moves to its neighbour's first button, or the section.
    const sibling = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null;
    (sibling?.querySelector<HTMLElement>('button') ?? section.current)?.focus();
    answer.mutate({ request, answer: choice }, { onSettled: () => onAnswered?.() });
  };

  return (
    <section ref={section} tabIndex={-1} aria-labelledby="follow-requests-heading" className="focus:outline-none">
      <h2 id="follow-requests-heading" className="text-sm font-semibold text-zinc-300">
        {TEXT.title}
      </h2>
      <ul aria-label={TEXT.list} className="divide-y divide-white/10">
        {items.map((request) => (
          <RequestRow key={request.id} request={request} onAnswer={onAnswer} />
        ))}
      </ul>
    </section>
  );
}
