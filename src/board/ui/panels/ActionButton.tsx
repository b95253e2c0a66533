// A panel's small command button: outline-primary unless the panel asks for another look.
import Button, { type ButtonProps } from 'react-bootstrap/Button';

export default function ActionButton({ variant = 'outline-primary', ...rest }: ButtonProps) {
  return <Button size="sm" variant={variant} {...rest} />;
}
