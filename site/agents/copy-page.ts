// "Copy page": fetches the page's Markdown twin and puts it on the clipboard; says the outcome in the
// button and in a polite live region (screen readers). The button stays hidden until this runs, so
// without JavaScript only the "View as Markdown" link shows.
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-markdown]')) {
  const label = button.querySelector('.agent-copy-label') ?? button;
  const status = button.parentElement?.querySelector('[role="status"]');
  const say = (text: string): void => {
    label.textContent = text;
    if (status) status.textContent = text;
    setTimeout(() => {
      label.textContent = button.dataset.label ?? 'Copy page';
    }, 2000);
  };
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      const res = await fetch(button.dataset.markdown ?? '', { headers: { Accept: 'text/markdown' } });
      if (!res.ok) throw new Error(String(res.status));
      await navigator.clipboard.writeText(await res.text());
      say(button.dataset.copied ?? 'Copied');
    } catch {
      say(button.dataset.failed ?? 'Copy failed');
    }
  });
}
