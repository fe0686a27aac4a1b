import { type UseComboboxState, type UseComboboxStateChangeOptions, useCombobox } from "downshift";
import type { BankOption } from "./filter-banks";

/** The combobox's state-change types (downshift's names for what happened). */
export const T = useCombobox.stateChangeTypes;

/**
 * Where our picker departs from downshift's defaults: the input always shows the chosen bank unless the user
 * is typing; Escape and blur never clear or change the choice; opening highlights the chosen bank or the first
 * (ArrowUp: the last); typing highlights the first match; clicking an open input keeps it open.
 */
export function bankPickerReducer(
  state: UseComboboxState<BankOption>,
  { type, changes, props }: UseComboboxStateChangeOptions<BankOption>,
): Partial<UseComboboxState<BankOption>> {
  const count = props.items.length;
  const opening = changes.isOpen === true && !state.isOpen;
  switch (type) {
    case T.InputKeyDownEscape:
    case T.InputBlur:
      return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
    case T.InputChange:
      return { ...changes, highlightedIndex: (changes.inputValue ?? "").trim() === "" ? -1 : 0 };
    case T.InputClick:
    case T.InputKeyDownEnter:
      // Clicking an open input, or Enter with nothing highlighted, changes nothing.
      if (state.isOpen && (type === T.InputClick || state.highlightedIndex < 0)) return state;
      break;
    case T.MenuMouseLeave:
      return { ...changes, highlightedIndex: state.highlightedIndex };
    case T.InputKeyDownArrowUp:
      return opening ? { ...changes, highlightedIndex: count - 1 } : changes;
    default:
  }
  return opening && count > 0
    ? { ...changes, highlightedIndex: Math.max(changes.highlightedIndex ?? -1, 0) }
    : changes;
}
