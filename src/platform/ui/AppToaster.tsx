import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toaster } from 'sonner';

/**
 * Toasts top-center, closing after 3000 ms. Render once per page, in its main island.
 *
 * Toasts show above modal dialogs: ModalDialog opens a native <dialog> with
 * showModal(), which puts it in the browser's top layer, above any z-index, under a backdrop that
 * dims the page and with the rest of the page inert. So the toasts live in a layer of their own
 * that moves into the topmost open modal dialog while one is open (there it is drawn above the
 * dialog and stays clickable, fixed to the viewport still) and back to <body> when it closes.
 */
export default function AppToaster() {
  const [layer, setLayer] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const el = document.createElement('div');
    el.dataset.toastLayer = '';
    document.body.append(el);
    setLayer(el);
    // modal dialogs in the order they opened: the last one is on top
    let open: HTMLDialogElement[] = [];
    const place = () => {
      open = open.filter((d) => d.isConnected && d.matches(':modal'));
      for (const d of document.querySelectorAll('dialog')) if (d.matches(':modal') && !open.includes(d)) open.push(d);
      const host = open.at(-1) ?? document.body;
      if (el.parentNode !== host) host.append(el);
    };
    place();
    // a dialog opens or closes (its `open` attribute), or leaves the page with its component
    const observer = new MutationObserver(place);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      el.remove();
    };
  }, []);

  return layer && createPortal(<Toaster position="top-center" duration={3000} richColors theme="dark" />, layer);
}
