@echo off
rem gmflux launcher for Windows: finds Java 17+ (JAVA_HOME, else java on PATH), passes the JVM
rem options in GMFLUX_OPTS, and runs the command line with lib\* on the class path.
setlocal
set "GMFLUX_HOME=%~dp0.."
if defined JAVA_HOME (
  set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
) else (
  set "JAVA_EXE=java.exe"
)
set "JVER="
for /f "tokens=3" %%v in ('"%JAVA_EXE%" -version 2^>^&1 ^| findstr /i "version"') do set "JVER=%%~v"
if not defined JVER (
  echo gmflux: no Java found: install Java 17 or later, or set JAVA_HOME 1>&2
  exit /b 2
)
for /f "delims=.-+" %%m in ("%JVER%") do set "JMAJOR=%%m"
if "%JMAJOR%"=="1" set "JMAJOR=8"
if %JMAJOR% LSS 17 (
  echo gmflux: %JAVA_EXE% is Java %JVER%; gmflux needs Java 17 or later ^(set JAVA_HOME^) 1>&2
  exit /b 2
)
"%JAVA_EXE%" %GMFLUX_OPTS% -cp "%GMFLUX_HOME%\lib\*" io.gmflux.examples.cli.GmfluxCommand %*
exit /b %ERRORLEVEL%
