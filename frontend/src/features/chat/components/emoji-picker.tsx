//! The composer's emoji picker, loaded only when first opened (React.lazy).
//! Native emoji instead of the first client's Apple images (no third-party CDN).
import EmojiPicker, { EmojiStyle, SuggestionMode, Theme } from 'emoji-picker-react';

/** Hidden by default: female sign, male sign, medical symbol. */
export const HIDDEN_EMOJIS = ['2640-fe0f', '2642-fe0f', '2695-fe0f'];

export default function ChatEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      theme={Theme.DARK}
      searchPlaceholder="Search"
      // 350 px (the spec's size) wherever the screen has room for it.
      width="min(350px, calc(100vw - 1rem))"
      height={450}
      hiddenEmojis={HIDDEN_EMOJIS}
      suggestedEmojisMode={SuggestionMode.FREQUENT}
      autoFocusSearch
      lazyLoadEmojis
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
