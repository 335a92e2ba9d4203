import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import { homeKeys } from './keys';

export type SkillMatch = components['schemas']['SkillMatch'];
type SkillId = components['schemas']['Skill'];

/** GET /api/users/skill-matches?skills=a,b → up to three creators with those skills, best first. */
export async function getSkillMatches(skills: readonly SkillId[]): Promise<SkillMatch[]> {
  const res = await apiRequest('GET', `/api/users/skill-matches?skills=${skills.join(',')}`);
  return (await res.json()) as SkillMatch[];
}

export function skillMatchesQueryOptions(skills: readonly SkillId[]) {
  const sorted = [...skills].sort();
  return queryOptions({
    queryKey: homeKeys.skillMatches(sorted),
    queryFn: () => getSkillMatches(sorted),
    enabled: sorted.length > 0,
    // Toggling a skill keeps the last matches on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useSkillMatches(skills: readonly SkillId[]) {
  return useQuery(skillMatchesQueryOptions(skills));
}
