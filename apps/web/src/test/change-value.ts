import { fireEvent } from '@testing-library/react';

/**
 * Sets a field's value as a person's edit does: an `input` event (what text fields report as
 * they are typed into) and then a `change` event (what selects and dates report). A browser
 * sends both, and React's `onChange` listens to whichever the element reports.
 */
export function changeValue(element: Element, value: string): void {
  fireEvent.input(element, { target: { value } });
  fireEvent.change(element, { target: { value } });
}
