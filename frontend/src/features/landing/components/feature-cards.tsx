import { AudioLines, Box, Clapperboard, MessagesSquare, Sparkles, Users, type LucideIcon } from 'lucide-react';

const FEATURES: Array<{ icon: LucideIcon; title: string; text: string }> = [
  { icon: Box, title: '3D Creative Tools', text: 'Sketch, sculpt and present your work in flat, 3D and emotion views.' },
  { icon: AudioLines, title: 'Voice Reactions', text: 'React to work with your voice: love it, excited, inspired, impressed.' },
  { icon: Sparkles, title: 'AI Mood Detection', text: 'Let the assistant read your creative mood and tune what you see.' },
  { icon: Clapperboard, title: 'Interactive Reels', text: 'Short vertical reels from creators, one swipe at a time.' },
  { icon: Users, title: 'Skill Networking', text: 'Find collaborators whose skills complete yours.' },
  { icon: MessagesSquare, title: 'Real-time Chat', text: 'Direct, group and voice messages, delivered the moment you send them.' },
];

/** The six promises of the landing page. */
export function FeatureCards() {
  return (
    <ul className="grid grid-cols-2 gap-3" aria-label="Features">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-white/10 bg-white/[0.03] p-4">
          <span className="grid size-10 place-items-center rounded-xl bg-gradient-to-br from-fuchsia-500/20 to-indigo-500/20 text-fuchsia-300">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="mt-3 text-sm font-semibold text-white">{title}</h3>
          <p className="mt-1 text-xs leading-relaxed text-zinc-400">{text}</p>
        </li>
      ))}
    </ul>
  );
}
