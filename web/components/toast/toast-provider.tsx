import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';

export type ToastVariant = 'success' | 'danger' | 'info' | 'warning';

/** A link in a toast: the next step ("Log in", "Verify your email"). */
export interface ToastAction {
  label: string;
  to: string;
}

interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
  action?: ToastAction | undefined;
}

export interface ToastApi {
  /** Shows `message` for a few seconds (errors stay a little longer), with a link to the next step if given. */
  showToast: (message: string, variant?: ToastVariant, action?: ToastAction) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const DELAY_MS: Record<ToastVariant, number> = { success: 3500, info: 4000, warning: 5000, danger: 6000 };
// Info is a dark teal ($info in tokens.scss): white on it passes AA, dark text does not (axe colour-contrast).
const DARK_TEXT: ReadonlySet<ToastVariant> = new Set(['warning']);

/** At most this many toasts at once: a new one pushes the oldest out. */
export const MAX_TOASTS = 3;

/**
 * The app's single toast stack, used by every page through {@link useToast}: at most three, newest
 * first, at the bottom right on a wide screen and along the bottom on a phone, where they cover
 * neither the navbar nor the page's heading and actions.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback((message: string, variant: ToastVariant = 'info', action?: ToastAction) => {
    const id = nextId.current++;
    setToasts((current) => [{ id, message, variant, action }, ...current].slice(0, MAX_TOASTS));
  }, []);

  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastContainer
        position="bottom-end"
        className="p-3 position-fixed app-toasts"
        role="status"
        aria-live="polite"
      >
        {toasts.map((toast) => {
          const dark = DARK_TEXT.has(toast.variant);
          return (
            <Toast
              key={toast.id}
              bg={toast.variant}
              onClose={() => dismiss(toast.id)}
              delay={DELAY_MS[toast.variant]}
              autohide
            >
              <div className="d-flex align-items-start">
                <Toast.Body className={dark ? 'text-dark' : 'text-white'}>
                  <span>{toast.message}</span>
                  {toast.action ? (
                    <>
                      {' '}
                      {/* A plain link: the stack lives outside the router (a full load keeps the cart). */}
                      <a
                        href={toast.action.to}
                        // The body's own colour (white on green and red passes AA; Bootstrap's light grey does not).
                        className={`fw-semibold text-decoration-underline ${dark ? 'text-dark' : 'text-white'}`}
                      >
                        {toast.action.label}
                      </a>
                    </>
                  ) : null}
                </Toast.Body>
                <CloseButton
                  className="me-2 mt-2 ms-auto"
                  variant={dark ? undefined : 'white'}
                  aria-label="Close"
                  onClick={() => dismiss(toast.id)}
                />
              </div>
            </Toast>
          );
        })}
      </ToastContainer>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
