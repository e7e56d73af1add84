import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the dialog box (width variants). */
  className?: string;
}

/**
 * A modal dialog: the page behind is inert (so Tab stays inside and assistive technology
 * reads only the dialog), Escape and a click on the backdrop close it, and focus returns to
 * whatever opened it. Toasts stay readable above it (the toaster is outside the inert page).
 * Mount it only while open (`{open && <Modal .../>}`), so every opening starts fresh.
 */
export function Modal({ title, onClose, children, className }: ModalProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // first field first, not the close button
    const first = boxRef.current?.querySelector<HTMLElement>('input, select, textarea') ?? boxRef.current;
    first?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      page?.removeAttribute('inert');
      // the opener may be gone (the list re-rendered): then leave focus to the browser
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is a pointer shortcut for closing; the keyboard has Escape and the Close button
    <div
      className="modal-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeRef.current(); // the backdrop
      }}
    >
      <div
        ref={boxRef}
        className={`modal ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => closeRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}
