// A form's fields as the page's code finds them: what the reader typed before the code came (or the browser filled
// in) is in the page, not in the component's state, and a controlled field's next render would put the state back.
import { useEffect, type RefObject } from "react";

/** A form field's current value, read from the page. */
export const fieldValue = (form: HTMLFormElement, name: string) => {
  const value = new FormData(form).get(name);
  return typeof value === "string" ? value : "";
};

/** Once the code owns the form, hands what its fields hold to `adopt` (the component's state takes it). */
export function useFieldsTypedBeforeCode(form: RefObject<HTMLFormElement | null>, adopt: (read: (name: string) => string) => void) {
  useEffect(() => {
    const element = form.current;
    if (element) adopt((name) => fieldValue(element, name));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
}
