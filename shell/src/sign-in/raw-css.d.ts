// `./file.css?raw`: the CSS as a string (webpack's asset/source), for inlining into HTML.
declare module '*.css?raw' {
  const css: string;
  export default css;
}
