export default function Empty() {
  return <h1>Hello</h1>;
}
