/** Three bouncing dots while the other user types (spec 001 §2). */
export function TypingIndicator() {
  return (
    <div role="status" aria-label="Typing" className="px-3 pb-3">
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
    </div>
  );
}
