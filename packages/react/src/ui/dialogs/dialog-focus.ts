import { useEffect, useEffectEvent } from 'react';

/**
 * Where focus goes in a dialog (the lesson of the customer portal's dialogs, usePastDueFocus): when
 * the dialog opens, and again each time `step` changes, `target()` takes the focus if it is not
 * inside the dialog. It is outside on open (the opener has it), and after a step when the control that
 * had it went with the step or was disabled while busy: the browser leaves it on the body, and the
 * focus trap puts it on its own container, outside the dialog's paper, where Escape is not heard.
 * Focus the user put inside the dialog stays where it is. Call it from a component inside the dialog,
 * so that the dialog's content is there when the effect runs; the dialog's focus trap gives focus
 * back to the opener when it closes.
 */
export function useDialogFocus(target: () => HTMLElement | null | undefined, step: unknown): void {
  const refocus = useEffectEvent(() => {
    const element = target();
    const dialog = element?.closest('[role="dialog"]');
    if (element && dialog && !dialog.contains(document.activeElement)) element.focus();
  });
  useEffect(() => refocus(), [step]);
}

/** useDialogFocus as an element, for a dialog that renders its frame and content in one component. */
export function DialogFocus({
  target,
  step,
}: {
  target: () => HTMLElement | null | undefined;
  step: unknown;
}) {
  useDialogFocus(target, step);
  return null;
}

/** The first control a visitor fills in below `root`: where a form's focus starts. */
export function firstControl(root: HTMLElement | null): HTMLElement | null {
  return (
    root?.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([tabindex="-1"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
    ) ?? null
  );
}
