import { useState } from "react";

/** Checkbox selection of rows by id: toggle one, select all shown, clear. */
export function useSelection() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  return {
    selected,
    set: (ids: Iterable<number>) => setSelected(new Set(ids)),
    clear: () => setSelected(new Set()),
    toggle: (id: number) =>
      setSelected((s) => {
        const n = new Set(s);
        if (n.has(id)) n.delete(id);
        else n.add(id);
        return n;
      }),
    /** True when every id in `ids` (and at least one) is selected. */
    allOf: (ids: number[]) => ids.length > 0 && ids.every((id) => selected.has(id)),
  };
}
