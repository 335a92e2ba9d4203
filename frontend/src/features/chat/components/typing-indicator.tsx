/** Who is typing in a group, in words: 'Leo is typing…', 'Leo and Ana are typing…', 'Several people are typing…'. */
export function typingText(names: string[]): string {
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

/**
 * Three bouncing dots while the other user types. In a group `names` (first names
 * or display names of those typing) says who, beside the dots.
 */
export function TypingIndicator({ names }: { names?: string[] }) {
  const text = names && names.length > 0 ? typingText(names) : null;
  return (
    <div role="status" aria-label={text ?? 'Typing'} className="flex items-center gap-2 px-3 pb-3">
      <span className="inline-flex items-center gap-1 rounded-2xl rounded-bl-md bg-zinc-800 px-3 py-3">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            style={{ animationDelay: `${delay}ms` }}
            className="size-2 animate-bounce rounded-full bg-zinc-400 motion-reduce:animate-none"
          />
        ))}
      </span>
      {text && (
        <span aria-hidden="true" className="min-w-0 truncate text-xs text-zinc-400">
          {text}
        </span>
      )}
    </div>
  );
}
