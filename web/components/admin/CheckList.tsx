import type { ReactNode } from "react";

/** A set of checkboxes choosing some of `options` (scopes of a key, events of a webhook). */
export function CheckList<T extends string>({ legend, options, selected, onChange, describe }: { legend: string; options: readonly T[]; selected: T[]; onChange: (next: T[]) => void; describe?: (option: T) => ReactNode }) {
  const toggle = (option: T, on: boolean) => onChange(on ? [...selected, option] : selected.filter((x) => x !== option));
  return (
    <fieldset className="admin-checks admin-field-wide">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="admin-check">
          <input type="checkbox" name={option} checked={selected.includes(option)} onChange={(e) => toggle(option, e.target.checked)} /> <code>{option}</code>
          {describe && <> · {describe(option)}</>}
        </label>
      ))}
    </fieldset>
  );
}
