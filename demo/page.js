// What every part of the page uses: finding an element, showing a slider's value beside it, and
// the one toast that carries messages and errors.

export const $ = (id) => document.getElementById(id);

/** Shows `format(input.value)` in the input's `<output id="ID-out">`, now and on every change. */
export function showValue(input, format) {
  const out = $(`${input.id}-out`);
  const show = () => (out.textContent = format(input.value));
  input.addEventListener('input', show);
  show();
}

let toastTimer = 0;

/** `kind` 'error' or 'info'; `ms` 0 keeps it up until hideToast or the next toast. */
export function showToast(text, kind = 'error', ms = 0) {
  const toast = $('toast');
  toast.textContent = text;
  toast.className = `toast ${kind}`;
  toast.hidden = false;
  clearTimeout(toastTimer);
  if (ms) toastTimer = setTimeout(hideToast, ms);
}

export function hideToast() {
  $('toast').hidden = true;
}

export function showError(error) {
  console.warn(error);
  showToast(error.message ?? String(error), 'error', 6000);
}
