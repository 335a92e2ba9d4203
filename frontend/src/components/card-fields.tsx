//! The card form's fields (issue 42): number (grouped as typed), expiry and CVC, with the test
//! provider's cards named under them. The checkout's payment step and the tip dialog use it.
import { Field } from '@/components/ui/input';
import { formatCardNumber, type CardForm } from '@/lib/card';

export function CardFields({ idPrefix, card, onChange }: { idPrefix: string; card: CardForm; onChange: (card: CardForm) => void }) {
  const set = (name: keyof CardForm, value: string) => onChange({ ...card, [name]: value });
  return (
    <div className="space-y-3">
      <Field
        id={`${idPrefix}-number`}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onChange={(e) => set('number', formatCardNumber(e.target.value))}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          id={`${idPrefix}-expiry`}
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={card.expiry}
          onChange={(e) => set('expiry', e.target.value)}
        />
        <Field
          id={`${idPrefix}-cvc`}
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          onChange={(e) => set('cvc', e.target.value)}
        />
      </div>
      <p className="text-xs text-zinc-400">
        Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0027 6000 3184 asks you to confirm. Any future
        expiry and any CVC.
      </p>
    </div>
  );
}
