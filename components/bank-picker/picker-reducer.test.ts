import type { UseComboboxState, UseComboboxStateChangeOptions } from "downshift";
import { describe, expect, it } from "vitest";
import type { BankOption } from "./filter-banks";
import { bankPickerReducer, T } from "./picker-reducer";

const bank = (id: number, name: string): BankOption => ({ id, name, country: "RU", code: String(id) });
const [sber, vtb, tbank] = [bank(1, "Sberbank"), bank(2, "VTB"), bank(3, "T-Bank")];
const items = [sber, vtb, tbank];
const props = { items } as UseComboboxStateChangeOptions<BankOption>["props"];

const closed: UseComboboxState<BankOption> = {
  isOpen: false,
  highlightedIndex: -1,
  selectedItem: vtb,
  inputValue: "VTB",
};
const open = { ...closed, isOpen: true, highlightedIndex: 2, inputValue: "ban" };

/** What the picker makes of downshift's proposed `changes` for an event of `type` in `state`. */
function next(
  state: UseComboboxState<BankOption>,
  type: UseComboboxStateChangeOptions<BankOption>["type"],
  changes: Partial<UseComboboxState<BankOption>>,
) {
  return bankPickerReducer(state, { type, changes: { ...state, ...changes }, props });
}

describe("bankPickerReducer", () => {
  it("Escape and blur close the list but keep the chosen bank (downshift would clear or pick)", () => {
    const esc = next(open, T.InputKeyDownEscape, { isOpen: false, selectedItem: null, inputValue: "" });
    expect(esc).toMatchObject({ isOpen: false, selectedItem: vtb, inputValue: "ban" });
    const blur = next(open, T.InputBlur, { isOpen: false, selectedItem: tbank, inputValue: "T-Bank" });
    expect(blur).toMatchObject({ isOpen: false, selectedItem: vtb });
  });

  it("typing highlights the first match, clearing the text highlights nothing", () => {
    expect(next(closed, T.InputChange, { isOpen: true, inputValue: "sb" }).highlightedIndex).toBe(0);
    expect(next(open, T.InputChange, { inputValue: "  " }).highlightedIndex).toBe(-1);
  });

  it("opening highlights the first bank when none is chosen, ArrowUp the last", () => {
    const none = { ...closed, selectedItem: null, inputValue: "" };
    expect(next(none, T.InputKeyDownArrowDown, { isOpen: true, highlightedIndex: -1 }).highlightedIndex).toBe(
      0,
    );
    expect(next(none, T.InputClick, { isOpen: true, highlightedIndex: -1 }).highlightedIndex).toBe(0);
    expect(next(closed, T.InputKeyDownArrowUp, { isOpen: true, highlightedIndex: 1 }).highlightedIndex).toBe(
      2,
    );
  });

  it("a click on the open input and Enter with nothing highlighted change nothing", () => {
    expect(next(open, T.InputClick, { isOpen: false, highlightedIndex: -1 })).toEqual(open);
    const idle = { ...open, highlightedIndex: -1 };
    expect(next(idle, T.InputKeyDownEnter, { isOpen: false })).toEqual(idle);
  });

  it("the mouse leaving the list keeps the highlight (the keyboard's place)", () => {
    expect(next(open, T.MenuMouseLeave, { highlightedIndex: -1 }).highlightedIndex).toBe(2);
  });

  it("Enter on a highlighted bank keeps downshift's choice", () => {
    const chosen = next(open, T.InputKeyDownEnter, { isOpen: false, selectedItem: tbank });
    expect(chosen).toMatchObject({ isOpen: false, selectedItem: tbank });
  });
});
