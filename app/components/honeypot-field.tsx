/**
 * The field people never see and bots fill in (checked by `checkHoneypot`). remix-utils'
 * HoneypotInputs renders the same, but with autocomplete="nope", which is not valid HTML.
 */
export function HoneypotField({ name = "name__confirm" }: { name?: string }) {
  return (
    <div id={`${name}_wrap`} className="hidden" aria-hidden="true">
      <label htmlFor={name}>Leave this field empty</label>
      <input id={name} name={name} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
    </div>
  );
}
