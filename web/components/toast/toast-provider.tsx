import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';

export type ToastVariant = 'success' | 'danger' | 'info' | 'warning';

interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
}

export interface ToastApi {
  /** Shows `message` for a few seconds; errors stay a little longer. */
  showToast: (message: string, variant?: ToastVariant) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const DELAY_MS: Record<ToastVariant, number> = { success: 3500, info: 4000, warning: 5000, danger: 6000 };
const DARK_TEXT: ReadonlySet<ToastVariant> = new Set(['warning', 'info']);

/** The app's single toast stack (top right), used by every page through {@link useToast}. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback((message: string, variant: ToastVariant = 'info') => {
    const id = nextId.current++;
    setToasts((current) => [...current.slice(-4), { id, message, variant }]);
  }, []);

  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastContainer position="top-end" className="p-3 position-fixed app-toasts">
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
                <Toast.Body className={dark ? 'text-dark' : 'text-white'}>{toast.message}</Toast.Body>
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
