// A console form's text box: named for assistive technology by its label, its value held by the form's state.
export function TextInput({
  label,
  value,
  onValue,
  placeholder,
  type = "text",
  required = false,
  className = "input",
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  placeholder?: string;
  type?: "text" | "email" | "url" | "number";
  required?: boolean;
  className?: string;
}) {
  return (
    <input
      type={type}
      required={required}
      aria-label={label}
      placeholder={placeholder}
      className={className}
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}
