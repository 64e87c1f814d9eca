/** Each remote's area in the page: one element per remote inside #remotes, created on first use. */
export function containerOf(name: string): HTMLElement {
  const id = `app-${name}`;
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    document.getElementById('remotes')!.appendChild(el);
  }
  return el;
}
