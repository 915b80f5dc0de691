import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteJob;
import com.almworks.sqlite4java.SQLiteQueue;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local listening on 127.0.0.1 only. Its own main() binds every
 * interface and has no flag for the address; it accepts any credentials, so on a
 * shared network anyone could read every tenant's data. This builds the server the
 * same way from the same arguments, sets the loopback address on its connector
 * before it starts, and never configures telemetry (it would call out to AWS).
 *
 * With a database on disk it also switches SQLite to write-ahead logging with
 * synchronous=NORMAL: a write no longer waits for the disk to flush (several fsyncs
 * per write made DynamoDB Local accept only a few hundred writes a second). The
 * database stays consistent and survives the stack being killed; only a machine
 * crash can lose the last writes, a fair trade for a development stack.
 */
public final class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Server server = (Server) field(proxy, "server");
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    List<String> options = Arrays.asList(args);
    if (options.contains("-dbPath")) {
      try {
        relaxDurability(proxy, Integer.parseInt(options.get(options.indexOf("-port") + 1)));
      } catch (Exception e) {
        System.err.println("LoopbackDynamoDBLocal: SQLite left in its default journal mode: " + e);
      }
    }
  }

  /** The database opens on the first request; make one, then set the pragmas on its connection. */
  private static void relaxDurability(DynamoDBProxyServer proxy, int port) throws Exception {
    HttpURLConnection request = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/").openConnection();
    request.setRequestMethod("POST");
    request.setDoOutput(true);
    request.setRequestProperty("Content-Type", "application/x-amz-json-1.0");
    request.setRequestProperty("X-Amz-Target", "DynamoDB_20120810.ListTables");
    request.setRequestProperty(
        "Authorization",
        "AWS4-HMAC-SHA256 Credential=local/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0");
    try (OutputStream body = request.getOutputStream()) {
      body.write("{}".getBytes(StandardCharsets.UTF_8));
    }
    if (request.getResponseCode() != 200) throw new IllegalStateException("ListTables answered " + request.getResponseCode());
    Object primary = field(field(proxy, "serverHandler"), "primaryHandler");
    for (Object client : ((Map<?, ?>) field(primary, "dbRequestHandlers")).values()) {
      SQLiteQueue queue = (SQLiteQueue) field(field(client, "dbAccess"), "queue");
      queue.execute(new SQLiteJob<Void>() {
        @Override
        protected Void job(SQLiteConnection connection) throws Throwable {
          connection.exec("PRAGMA journal_mode=WAL");
          connection.exec("PRAGMA synchronous=NORMAL");
          return null;
        }
      }).complete();
    }
  }

  private static Object field(Object owner, String name) throws ReflectiveOperationException {
    for (Class<?> c = owner.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
      } catch (NoSuchFieldException e) {
        // declared higher up
      }
    }
    throw new NoSuchFieldException(owner.getClass().getName() + "." + name);
  }
}
