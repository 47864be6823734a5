import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, extname, normalize } from 'node:path';
import { chromium } from 'playwright';
const DIST='/work/main/dist/';
const types={'.html':'text/html','.js':'text/javascript','.css':'text/css','.wasm':'application/wasm','.json':'application/json','.svg':'image/svg+xml'};
const srv=createServer((req,res)=>{let p=decodeURIComponent(new URL(req.url,'http://x').pathname);if(p.endsWith('/'))p+='index.html';let f=normalize(join(DIST,p));if(!existsSync(f)||statSync(f).isDirectory()){res.writeHead(404).end();return;}res.writeHead(200,{'content-type':types[extname(f)]||'application/octet-stream'});res.end(readFileSync(f));});
await new Promise(r=>srv.listen(0,'127.0.0.1',r));
const O=`http://127.0.0.1:${srv.address().port}`;
const b=await chromium.launch({executablePath:'/usr/bin/chromium',args:['--no-sandbox','--disable-gpu']});
const jobs=JSON.parse(process.argv[2]);
for(const j of jobs){const p=await b.newPage({viewport:{width:j.w,height:j.h}});await p.goto(O+j.url);await p.waitForFunction(()=>performance.getEntriesByName('lgvci:app-ready').length>0,undefined,{timeout:60000});await p.waitForTimeout(800);
 if(j.eval){console.log(j.name, JSON.stringify(await p.evaluate(j.eval)));}
 await p.screenshot({path:`/tmp/shots/${j.name}.png`});await p.close();}
await b.close();srv.close();
