import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the dialog box (width variants). */
  className?: string;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Tab stays inside, Escape
 * and a click on the backdrop close it, and focus returns to whatever opened it. Mount it
 * only while open (`{open && <Modal .../>}`), so every opening starts with a fresh form.
 */
export function Modal({ title, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // first field first, not the close button
    const first = dialog.querySelector<HTMLElement>('input, select, textarea');
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // the opener may be gone (the list re-rendered): then leave focus to the browser
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault(); // React state decides; Escape asks to close
        closeRef.current();
      }}
      // the dialog closed by itself (a second Escape); a late event after reopening is ignored
      onClose={() => {
        if (!ref.current?.open) closeRef.current();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeRef.current(); // the backdrop
      }}
    >
      <div className="modal-box">
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => closeRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
