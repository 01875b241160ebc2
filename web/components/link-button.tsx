import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface LinkButtonProps {
  to: string;
  children: ReactNode;
  variant?: string;
  size?: 'sm' | 'lg';
  className?: string;
}

/** A router link styled as a Bootstrap button: navigation stays a link for assistive technology. */
export function LinkButton({ to, children, variant = 'primary', size, className }: LinkButtonProps) {
  const classes = ['btn', `btn-${variant}`, size ? `btn-${size}` : '', className ?? ''].filter(Boolean);
  return (
    <Link to={to} className={classes.join(' ')}>
      {children}
    </Link>
  );
}
