import type { ComponentProps } from 'react';
import { inputClass } from './input-style';

/** A text box in the app's one input style (extra classes are added after it). */
export function Input({ className = '', ...props }: ComponentProps<'input'>) {
  return <input className={`${inputClass} ${className}`.trim()} {...props} />;
}

export function Select({ className = '', ...props }: ComponentProps<'select'>) {
  return <select className={`${inputClass} ${className}`.trim()} {...props} />;
}

export function Textarea({ className = '', ...props }: ComponentProps<'textarea'>) {
  return <textarea className={`${inputClass} ${className}`.trim()} {...props} />;
}
