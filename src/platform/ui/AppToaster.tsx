import { Toaster } from 'sonner';

/** Toasts top-center, closing after 3000 ms (SPEC section 2). Render once per page, in its main island. */
export default function AppToaster() {
  return <Toaster position="top-center" duration={3000} richColors theme="dark" />;
}
