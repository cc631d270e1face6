// The scripts start after the first paint (worker/scripts-after-first-paint.ts), so a reader can type into a field
// before the page hydrates. A controlled field's state does not know what was typed: its next render would empty the
// field, or a submit would send the old state. This hands what the element holds to the field's change handler once,
// when the field mounts (at hydration); a field mounted later already shows its state, and nothing happens.
import { type ChangeEvent, useEffect } from "react";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * For the field with the element id `id`, whose controlled value and change handler are `value` and `onChange`; an
 * uncontrolled field (no value) and a box or button (checkbox, radio: their value is not what the reader changes) are
 * left alone.
 */
export function useTypedBeforeHydration<E extends Field>(
  id: string,
  value: unknown,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field mounts
  useEffect(() => {
    const node = document.getElementById(id) as E | null;
    if (!node || value == null || !onChange || /^(checkbox|radio|file)$/.test(node.type)) return;
    if (node.value !== String(value)) onChange({ target: node, currentTarget: node } as ChangeEvent<E>);
  }, []);
}
